/**
 * Lengths (characters asked of the offline writer) the page estimate is calibrated on: a 30-page book at
 * the default trim, and the writer's two sizes (services/writer's targetCharsBySize).
 */
export const calibrationLengths = { thirtyPages: 40_000, short: 160_000, long: 242_000 } as const;
