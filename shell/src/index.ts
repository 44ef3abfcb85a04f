// The styles are linked from index.html (this entry's own CSS): the server's first paint needs them.
import './styles.css';

// Async boundary: the federation runtime negotiates the shared singletons before React is imported.
void import('./bootstrap');
