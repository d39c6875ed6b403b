// "My requests": the caller's approval requests and their outcome (GET /saas/approval/request/myList).
import { ApprovalPage } from './ApprovalList';

export default function MyRequests() {
  return <ApprovalPage mine />;
}
