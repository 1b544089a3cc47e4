import type { PageContext } from './page-data';

export function ShopHeader({ context, headingLevel }: { context: PageContext; headingLevel: 1 | 2 }) {
  const { shop } = context;
  const Heading = headingLevel === 1 ? 'h1' : 'p';
  return (
    <header className="shop-header">
      <div className="container">
        <Heading className="shop-name">
          <a href={`/s/${shop.slug}`}>{shop.name}</a>
        </Heading>
        {shop.slogan ? <p className="shop-slogan">{shop.slogan}</p> : null}
      </div>
    </header>
  );
}
