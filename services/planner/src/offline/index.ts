// The planner's answers without a model. Exported for tests and fixtures that need the default offline plan
// (tests/api, export's typography fixture); the planner passes them with its calls.
export { composePlan } from './compose-plan';
