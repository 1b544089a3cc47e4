import { Controller, UseFilters, UseGuards } from '@nestjs/common';
import { CommandBus } from '@nestjs/cqrs';
import { GrpcMethod, Payload } from '@nestjs/microservices';
import { ApiExcludeController } from '@nestjs/swagger';
import { RegisterUserCommand, RegisterUserResult } from '../commands/register-user/register-user.command';
import { GrpcAuthGuard } from './grpc-auth.guard';
import { IdentityExceptionFilter } from './identity-exception.filter';
import { RegisterUserReply, RegisterUserRequest } from './register-user.request';

/** identity.v1.IdentityService (proto/identity/v1/identity.proto): the registration use case over gRPC. */
@ApiExcludeController()
@Controller()
@UseGuards(GrpcAuthGuard)
@UseFilters(IdentityExceptionFilter)
export class IdentityGrpcController {
  constructor(private readonly commands: CommandBus) {}

  @GrpcMethod('IdentityService', 'RegisterUser')
  async registerUser(@Payload() request: RegisterUserRequest): Promise<RegisterUserReply> {
    const email = request.email.trim();
    const { user } = await this.commands.execute<RegisterUserCommand, RegisterUserResult>(
      new RegisterUserCommand({
        name: request.name?.trim() || email.split('@')[0],
        email,
        password: request.password,
        joinTenant: { tenantId: request.tenant_id, role: request.role },
        via: 'grpc',
      }),
    );
    return { user_id: user.id, status: 'registered' };
  }
}
