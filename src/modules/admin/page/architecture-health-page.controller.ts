import { Controller, Get, Header } from '@nestjs/common';
import { ApiOkResponse, ApiOperation, ApiProduces, ApiTags } from '@nestjs/swagger';
import { ARCHITECTURE_HEALTH_HTML } from './architecture-health.html';
import { ARCHITECTURE_HEALTH_JS } from './architecture-health.script';
import { ARCHITECTURE_HEALTH_CSS } from './architecture-health.styles';

/**
 * Same-origin script, style and fetch only: an injected script could read the token the page keeps
 * in sessionStorage, so nothing inline or from elsewhere runs, and no other site may frame it.
 */
const PAGE_CSP = [
  "default-src 'none'",
  "script-src 'self'",
  "style-src 'self'",
  "connect-src 'self'",
  "img-src 'self'",
  "base-uri 'none'",
  "form-action 'none'",
  "frame-ancestors 'none'",
].join('; ');

/**
 * `/admin/architecture-health` (decisions §11, §12): a static shell anyone may load, revealing
 * nothing; the data behind it is `GET /api/v1/admin/architecture-health`, for super admins only.
 */
@ApiTags('admin')
@Controller('admin')
export class ArchitectureHealthPageController {
  @Get('architecture-health')
  @Header('Content-Type', 'text/html; charset=utf-8')
  @Header('Content-Security-Policy', PAGE_CSP)
  @Header('X-Content-Type-Options', 'nosniff')
  @Header('X-Frame-Options', 'DENY')
  @Header('Referrer-Policy', 'no-referrer')
  @Header('Cache-Control', 'no-store')
  @ApiOperation({ summary: "The super admin's architecture-health page: a static shell that asks for a bearer token and reads the JSON" })
  @ApiProduces('text/html')
  @ApiOkResponse({ description: 'The HTML shell (no data)', schema: { type: 'string' } })
  showArchitectureHealthPage(): string {
    return ARCHITECTURE_HEALTH_HTML;
  }

  @Get('architecture-health.js')
  @Header('Content-Type', 'text/javascript; charset=utf-8')
  @Header('X-Content-Type-Options', 'nosniff')
  @Header('Cache-Control', 'no-cache')
  @ApiOperation({ summary: 'Script of the architecture-health page' })
  @ApiProduces('text/javascript')
  @ApiOkResponse({ description: 'JavaScript', schema: { type: 'string' } })
  showArchitectureHealthScript(): string {
    return ARCHITECTURE_HEALTH_JS;
  }

  @Get('architecture-health.css')
  @Header('Content-Type', 'text/css; charset=utf-8')
  @Header('X-Content-Type-Options', 'nosniff')
  @Header('Cache-Control', 'no-cache')
  @ApiOperation({ summary: 'Style sheet of the architecture-health page' })
  @ApiProduces('text/css')
  @ApiOkResponse({ description: 'CSS', schema: { type: 'string' } })
  showArchitectureHealthStyles(): string {
    return ARCHITECTURE_HEALTH_CSS;
  }
}
