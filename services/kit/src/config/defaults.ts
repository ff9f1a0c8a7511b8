/** Where the embedded mode keeps its data when DATA_DIR is not set. */
export const defaultDataDir = './data';
