/**
 * CDK entry (cdk.json "app"): `npm run synth` / `npm run deploy`. Options come from context; see
 * infra/deploy-config.ts and docs/operations.md.
 */
import { App } from 'aws-cdk-lib';
import { buildApp, targetLine } from './build-app';

const app = new App();
const built = buildApp(app);
// On stderr, which the CDK CLI shows before it deploys (stdout may carry the template).
console.error(targetLine(built));
app.synth();
