export declare const bundleForNode: (
  entry: string,
  outfile: string,
  root?: string,
) => Promise<unknown>
