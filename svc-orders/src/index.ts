export { ordersService } from './service';
export { orderStatusChanged } from './events';
