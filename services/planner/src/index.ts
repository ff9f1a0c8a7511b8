export { plannerService } from './service';
