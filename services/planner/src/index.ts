export { createPlannerService, plannerService } from './service';
