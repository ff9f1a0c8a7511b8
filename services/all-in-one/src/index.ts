export { startSystem, type RunningSystem, type StartSystemOptions } from './start-system';
