import { runStandalone } from '@edicola/platform';
import { ordersService } from './service';

void runStandalone(ordersService);
