/**
 * CDK entry (cdk.json "app"): `npm run synth` / `npm run deploy`. Options come from context; see
 * infra/deploy-config.ts and docs/operations.md.
 */
import { App } from 'aws-cdk-lib';
import { buildApp } from './build-app';

const app = new App();
buildApp(app);
app.synth();
