import { runStandalone } from '@edicola/platform';
import { catalogService } from './service';

void runStandalone(catalogService);
