export { channelsService } from './service';
