/**
 * The types of an API request and its answer, in a module of their own: the HTTP wrapper
 * (http.ts) and what it calls before a handler (viewer.ts) both read them without importing each
 * other.
 */
import type { APIGatewayProxyEventV2, APIGatewayProxyStructuredResultV2 } from 'aws-lambda';

/** The HTTP API payload v2 event, with the token's fields from the JWT authorizer when the route has one. */
export type HttpEvent = APIGatewayProxyEventV2 & {
  requestContext: APIGatewayProxyEventV2['requestContext'] & {
    authorizer?: {
      jwt?: {
        claims: Record<string, string | number | boolean | string[]>;
        scopes?: string[] | null;
      };
    };
  };
};
export type HttpResult = APIGatewayProxyStructuredResultV2;
