import type { Product } from '../../chat/products';
import type { useStrings } from '../context';
import { CartButton } from './cart-button';

/** Product cards under a bot message; several scroll sideways. */
export function ProductCards({ products, t }: { products: Product[]; t: ReturnType<typeof useStrings> }) {
  return (
    <ul className="product-cards" part="product-cards" aria-label={t('products')}>
      {products.map((product, index) => (
        <li key={`${index}-${product.title}`} className="product-card" part="product-card">
          {product.image ? (
            <img className="product-image" src={product.image} alt="" loading="lazy" referrerPolicy="no-referrer" />
          ) : (
            // No image, or one the image rule refused: the card keeps its shape.
            <span className="product-image product-image-placeholder" aria-hidden="true" />
          )}
          <div className="product-body">
            <h3 className="product-title">{product.title}</h3>
            {product.description && <p className="product-description">{product.description}</p>}
            {product.price && <p className="product-price">{product.price}</p>}
            {product.url && (
              <a className="product-link" href={product.url} target="_blank" rel="noopener noreferrer">
                {t('viewProduct')}
                <span className="sr-only">: {product.title}</span>
              </a>
            )}
            <CartButton product={product} />
          </div>
        </li>
      ))}
    </ul>
  );
}
