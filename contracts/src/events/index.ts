export * from './registry';
export { PlanningBriefSchema, type PlanningBrief } from './book/book-planning-requested.v2';
