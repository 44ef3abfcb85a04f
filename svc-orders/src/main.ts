import { runStandalone } from '@edicola/platform';
import { createOrdersService } from './service';

void runStandalone(createOrdersService('standalone'));
