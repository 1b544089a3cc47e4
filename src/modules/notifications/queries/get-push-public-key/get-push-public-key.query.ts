/** The VAPID public key browsers subscribe with (decisions §17). */
export class GetPushPublicKeyQuery {}
