import { z } from 'zod';
import { defineRequest } from '../bus/define';

/** Every service answers its own health request, so the gateway's readiness reflects the whole system. */
export function defineHealthRequest<Name extends string>(service: Name) {
  return defineRequest({
    name: `${service}.health` as `${Name}.health`,
    version: 1,
    request: z.object({}),
    response: z.object({ status: z.literal('ok') }),
    description: `Answers when the ${service} service is up and its database reachable.`,
  });
}
