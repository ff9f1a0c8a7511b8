/**
 * Lengths (characters asked of the offline writer) the page estimate is held to 5% on in every trim by the
 * test: a 30-page book at the default trim, and the writer's two sizes (services/writer's targetCharsBySize).
 */
export const calibrationLengths = { thirtyPages: 40_000, short: 160_000, long: 242_000 } as const;

/** Lengths only bench/page-estimate prints besides those: the constants are fitted on all six. */
export const benchLengths = { ...calibrationLengths, k70: 70_000, k100: 100_000, k300: 300_000 } as const;
