import { CostBearerQrUploadScreen, CostBearersScreen } from '@fahrwerk/cost-bearers';
import { useLocation, useNavigate, useSearch } from '@tanstack/react-router';
import type { Pages } from './screens';

/** The list, and the open cost bearer with `?id=` (so the browser's back button works). */
function CostBearersPage() {
  const navigate = useNavigate();
  const search = useSearch({ strict: false }) as { id?: unknown };
  const id = Number(search.id);
  return (
    <CostBearersScreen
      selectedId={Number.isInteger(id) && id > 0 ? id : null}
      onSelect={(next) => navigate({ href: next === null ? '/payers' : `/payers?id=${next}` })}
      onOpenStudent={(studentId) => navigate({ href: `/students/edit/${studentId}` })}
    />
  );
}

/**
 * The public QR-code page. The tokens are read from the raw query string: the router's
 * search parser would turn a token of digits into a number.
 */
function CostBearerQrUploadPage() {
  const { searchStr } = useLocation();
  const query = new URLSearchParams(searchStr);
  return (
    <CostBearerQrUploadScreen
      schoolToken={query.get('schoolToken')}
      costBearerToken={query.get('costBearerToken')}
    />
  );
}

/** The pages of cost bearers and their QR-code upload page (issue 4): `costBearers.<name>` in the route table. */
export const COST_BEARER_PAGES = {
  list: CostBearersPage,
  qrUpload: CostBearerQrUploadPage,
} satisfies Pages;
