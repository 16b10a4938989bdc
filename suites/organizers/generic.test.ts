/** organizers: the generic resource family (suites/_families/generic/), declared once for all five resources. */
import { resource } from '../../lib/spec/resources.ts';
import { anonymousChecks } from '../_families/generic/anonymous.ts';
import { codeChecks } from '../_families/generic/codes.ts';
import { createChecks } from '../_families/generic/create.ts';
import { deleteChecks } from '../_families/generic/delete.ts';
import { exactChecks } from '../_families/generic/exact.ts';
import { formKeyChecks } from '../_families/generic/form-keys.ts';
import { keepChecks } from '../_families/generic/keep.ts';
import { missingChecks } from '../_families/generic/missing.ts';
import { readChecks } from '../_families/generic/read.ts';
import { updateChecks } from '../_families/generic/update.ts';
import { valueClassChecks } from '../_families/generic/value-classes.ts';
import { wrongTypeChecks } from '../_families/generic/wrong-type.ts';

const r = resource('organizers');
readChecks(r);
missingChecks(r);
exactChecks(r);
createChecks(r);
updateChecks(r);
keepChecks(r);
wrongTypeChecks(r);
valueClassChecks(r);
anonymousChecks(r);
deleteChecks(r);
codeChecks(r);
formKeyChecks(r);
