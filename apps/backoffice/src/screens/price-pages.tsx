import { PriceListsScreen, ProductsScreen } from '@fahrwerk/price-lists';
import { useNavigate, useSearch } from '@tanstack/react-router';
import type { Pages } from './screens';

/** The overview, or one list's editor with `?id=` (so the browser's back button works). */
function PriceListsPage() {
  const navigate = useNavigate();
  const search = useSearch({ strict: false }) as { id?: unknown };
  const id = Number(search.id);
  return (
    <PriceListsScreen
      selectedId={Number.isInteger(id) && id > 0 ? id : null}
      onSelect={(next) =>
        navigate({ href: next === null ? '/price-lists' : `/price-lists?id=${next}` })
      }
    />
  );
}

/** The pages of products and price lists (issue 5): `priceLists.<name>` in the route table. */
export const PRICE_PAGES = {
  products: ProductsScreen,
  priceLists: PriceListsPage,
} satisfies Pages;
