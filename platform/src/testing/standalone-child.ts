// A standalone service process for tests: `node -r ./register-ts.cjs standalone-child.ts <schema> <migrations>`.
import { runStandalone } from '../standalone';
import { fixtureService } from './fixture-service';

const [schema, migrations] = process.argv.slice(2);
void runStandalone(fixtureService(schema!, migrations!));
