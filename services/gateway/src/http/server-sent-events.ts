/** One Server-Sent Event: `event` line and a JSON `data` line. */
export const sseEvent = (event: string, data: unknown): string => `event: ${event}\ndata: ${JSON.stringify(data)}\n\n`;
