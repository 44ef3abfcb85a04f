import { runStandalone } from '@edicola/platform';
import { paymentsService } from './service';

void runStandalone(paymentsService);
