'use strict';
/**
 * The constant-body route of the ceiling servers: `POST /bench/constant` answering 202
 * `{"success":true,"message":"Event accepted."}` and doing nothing else. Used by nest-constant.js
 * (the service's own app with this route) and nest-bare.js (the minimal Nest app).
 */
require('reflect-metadata');
const { Controller, HttpCode, Post } = require('@nestjs/common');

const BODY = { success: true, message: 'Event accepted.' };

// Decorators applied by hand: this file is plain JavaScript.
class BenchConstantController {
  constant() {
    return BODY;
  }
}
const descriptor = Object.getOwnPropertyDescriptor(BenchConstantController.prototype, 'constant');
Post('constant')(BenchConstantController.prototype, 'constant', descriptor);
HttpCode(202)(BenchConstantController.prototype, 'constant', descriptor);
Controller('bench')(BenchConstantController);

module.exports = { BenchConstantController };
