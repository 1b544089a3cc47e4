import { ApiProperty } from '@nestjs/swagger';

export class PushPublicKeyResponse {
  @ApiProperty({
    description:
      "The server's VAPID public key (unpadded base64url, 65 bytes decoded): the `applicationServerKey` of `pushManager.subscribe`",
    example: 'BEl62iUYgUivxIkv69yViEuiBIa-Ib9-SkvMeAtA3LFgDzkrxZJjSgSnfckjBJuBkr3qBUYIHBQFLXYp5Nksh8U',
  })
  public_key: string;
}
