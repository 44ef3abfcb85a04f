import { runStandalone } from '@edicola/platform';
import { notifyService } from './service';

void runStandalone(notifyService);
