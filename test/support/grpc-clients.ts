import { credentials, loadPackageDefinition, Metadata, ServiceError } from '@grpc/grpc-js';
import { loadSync } from '@grpc/proto-loader';
import { PROTO_LOADER_OPTIONS } from '@infra/grpc/grpc-server';
import { protoPath } from '@infra/grpc/proto-path';

export interface RegisterUserRequest {
  email?: string;
  password?: string;
  role?: string;
  tenant_id?: string;
  name?: string;
}

export interface RegisterUserResponse {
  user_id: string;
  status: string;
}

type UnaryCall<Req, Res> = (request: Req, metadata: Metadata, callback: (error: ServiceError | null, response: Res) => void) => void;

interface IdentityServiceClient {
  RegisterUser: UnaryCall<RegisterUserRequest, RegisterUserResponse>;
  close(): void;
}

/**
 * A real @grpc/grpc-js client of identity.v1.IdentityService, built from the same .proto a sibling
 * service would use. Calls reject with the ServiceError (`code`, `details`).
 */
export function identityClient(url: string) {
  const definition = loadSync(protoPath('identity/v1/identity.proto'), PROTO_LOADER_OPTIONS);
  const identity = (
    loadPackageDefinition(definition) as unknown as {
      identity: {
        v1: { IdentityService: new (address: string, creds: ReturnType<typeof credentials.createInsecure>) => IdentityServiceClient };
      };
    }
  ).identity.v1;
  const client = new identity.IdentityService(url, credentials.createInsecure());
  return {
    registerUser(request: RegisterUserRequest, headers: Record<string, string> = {}): Promise<RegisterUserResponse> {
      const metadata = new Metadata();
      for (const [key, value] of Object.entries(headers)) metadata.set(key, value);
      return new Promise((resolve, reject) =>
        client.RegisterUser(request, metadata, (error, response) => (error ? reject(error) : resolve(response))),
      );
    },
    close: () => client.close(),
  };
}
