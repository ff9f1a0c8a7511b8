export declare function sourceHash(root: string, inputs: readonly string[]): string;
export declare const webInputs: readonly string[];
export declare function webBuildHash(root: string, publicUrl: string): string;
export declare function webBuildEnvironment(env: NodeJS.ProcessEnv, publicUrl: string): NodeJS.ProcessEnv;
export declare function publicUrlOf(env?: NodeJS.ProcessEnv): string;
export declare function ensureWebBuild(
  root: string,
  say?: (line: string) => void,
  env?: NodeJS.ProcessEnv,
): Promise<'reused' | 'built'>;
export declare const serverInputs: readonly string[];
export declare const serverBundleDir: string;
export declare function ensureServerBundle(
  root: string,
  say?: (line: string) => void,
  outDir?: string,
): Promise<{ bundle: string; state: 'reused' | 'built' }>;
