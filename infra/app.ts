/**
 * CDK entry (cdk.json "app"): `npx cdk deploy` / `npm run deploy`, `npm run synth`. Options come
 * from context; see infra/deploy-config.ts and docs/operations.md. The default site folder
 * (web/dist) is built first when it is missing or older than its sources (infra/site-build.ts).
 */
import { App } from 'aws-cdk-lib';
import { buildAnyApp, targetLine } from './build-app';
import { readDeployConfig, REPO_ROOT } from './deploy-config';
import { ensureSiteBuilt } from './site-build';

const app = new App();
// The options are checked before the (slower) site build, so a missing one is said at once.
const config = readDeployConfig((key) => app.node.tryGetContext(key), process.env);
if (!config.base && app.node.tryGetContext('siteDirectory') === undefined) {
  ensureSiteBuilt(REPO_ROOT, config.siteDirectory);
}
const built = buildAnyApp(app);
// On stderr, which the CDK CLI shows before it deploys (stdout may carry the template).
console.error(targetLine(built));
app.synth();
