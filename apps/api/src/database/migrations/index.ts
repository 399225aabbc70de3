import { CreateUsers1795280400000 } from './1795280400000-CreateUsers';
import { AddAccounts1795366800000 } from './1795366800000-AddAccounts';
import { AddQuestionsAnswers1795453200000 } from './1795453200000-AddQuestionsAnswers';

/** Every migration, oldest first. Listed by hand so the built server needs no file globbing. */
export const MIGRATIONS = [CreateUsers1795280400000, AddAccounts1795366800000, AddQuestionsAnswers1795453200000];
