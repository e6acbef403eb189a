import { applyDecorators } from '@nestjs/common';
import { ApiExtension } from '@nestjs/swagger';
import { EDGE_POLICY_EXTENSION, type EdgePolicy as EdgePolicyDeclaration } from '@abide/contracts';
import { ApiProblems } from './api-problems.decorator';

/**
 * Declares what the gateway does for this route besides forwarding it: a named rate limit, a longer timeout. It lands
 * in the service's OpenAPI document (`x-abide-edge`), which the gateway reads to build its policy table, so the rule
 * lives beside the route it governs. A limited route also documents its 429.
 */
export const EdgePolicy = (policy: EdgePolicyDeclaration) =>
  applyDecorators(ApiExtension(EDGE_POLICY_EXTENSION, { ...policy }), ...(policy.rateLimit ? [ApiProblems(429)] : []));
