// The migration thread of the compiled server (src/store/migrate.ts): migrates, answers, and is ended.
import { parentPort, workerData } from 'node:worker_threads';
import { type MigrationTarget, migrate } from './migrate';

parentPort?.postMessage(await migrate(workerData as MigrationTarget));
