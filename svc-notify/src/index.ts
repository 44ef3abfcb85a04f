export { notifyService } from './service';
