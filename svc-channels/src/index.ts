export { channelsService, createChannelsService } from './service';
