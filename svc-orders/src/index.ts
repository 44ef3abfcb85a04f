export { createOrdersService, ordersService } from './service';
export { orderStatusChanged } from './orders/events';
