export { startAllInOne, type AllInOne } from './all-in-one';
export { createGateway, type GatewayTarget } from './gateway';
export { startGateway, startWeb } from './distributed';
export { createWebApp, runtimeConfigFor } from './web';
