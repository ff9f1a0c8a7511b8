/** What an admin command answers: the exit code, and the text for stdout (success) or stderr. */
export interface AdminResult {
  exitCode: number;
  output: string;
}
