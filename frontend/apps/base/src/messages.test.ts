// The checks every remote passes: messages in both languages, titles, enumeration labels and
// permission codes.
import { checkRemote } from '@tradewind/shared/src/testing';
import remote from './routes';
import { ENUMS } from './enums';

checkRemote(remote, { ns: 'base', app: 'saas-app', enums: ENUMS });
