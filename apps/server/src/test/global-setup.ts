import { bundleOpenApi } from '../http/openapi-document';

export default function setup(): void {
  bundleOpenApi({ force: true });
}
