import type { INestApplication } from '@nestjs/common';
import { GrpcOptions, Transport } from '@nestjs/microservices';
import { protoPath } from './proto-path';

/** proto-loader settings shared by the server and the clients in tests: field names as in the .proto. */
export const PROTO_LOADER_OPTIONS = { keepCase: true, longs: String, enums: String, defaults: true, oneofs: true };

export const GRPC_PACKAGES = [{ package: 'identity.v1', proto: 'identity/v1/identity.proto' }];

export function grpcServerOptions(url: string): GrpcOptions {
  return {
    transport: Transport.GRPC,
    options: {
      url,
      package: GRPC_PACKAGES.map((entry) => entry.package),
      protoPath: GRPC_PACKAGES.map((entry) => protoPath(entry.proto)),
      loader: PROTO_LOADER_OPTIONS,
    },
  };
}

/**
 * Mounts the internal gRPC server on the HTTP app (roles `all` and `api`), sharing its providers,
 * global pipes and filters. `app.startAllMicroservices()` starts listening.
 */
export function connectGrpcServer(app: INestApplication, url: string): void {
  app.connectMicroservice<GrpcOptions>(grpcServerOptions(url), { inheritAppConfig: true });
}
