// Async boundary: the federation runtime negotiates the shared singletons before React is imported.
void import('./bootstrap');
