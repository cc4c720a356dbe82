/** The shop the customers order from: its catalogue and accounts, made through core before the server starts. */
import path from 'node:path';
import { hashPassword, signup } from '../../core/accounts/auth.ts';
import { createCategory } from '../../core/catalogue/categories.ts';
import { localImageStore } from '../../core/catalogue/images.ts';
import { addAccount, addProduct, plainPicture } from '../../seed/factories.ts';
import { CATALOGUE, CUSTOMERS, PASSWORD } from './settings.ts';
import { openShop, type Workspace } from './workspace.ts';

/** One size of one product, as a map key. */
export const sizeKey = (productId: string, size: string) => `${productId}/${size}`;

export interface Shop {
  customers: { phone: string }[];
  /** The account the check itself shops with during the database faults. */
  prober: { phone: string };
  /** The staff account the check reads the shop's outbox with (GET /messages). */
  staff: { phone: string };
  products: { id: string; sizes: string[] }[];
  /** Pieces of each size at the start, by sizeKey. */
  initialStock: Map<string, number>;
}

/** The shop is made through core with the database closed again before the server opens it. */
export async function prepareShop(workspace: Workspace): Promise<Shop> {
  const database = await openShop(workspace);
  try {
    const store = localImageStore(path.join(workspace.dataDir, 'uploads'));
    const image = await plainPicture('#336699');
    const category = await createCategory(database.db, store, { name: 'ملابس', image });
    const made = [];
    for (const [index, item] of CATALOGUE.entries()) {
      const sizes = Object.keys(item.stock);
      made.push(
        await addProduct(
          database.db,
          store,
          category.id,
          { title: item.title, description: `${item.title} للتجربة`, priceAfterDiscount: 150, stock: item.stock, availableSizes: sizes, barcode: `DUR-${index}` },
          { imageCover: image },
        ),
      );
    }
    const customers = [];
    for (let index = 0; index <= CUSTOMERS; index++) {
      const phone = `0100000${String(index).padStart(4, '0')}`;
      await signup(database.db, { name: `عميل ${index + 1}`, phone, password: PASSWORD, passwordConfirm: PASSWORD });
      customers.push({ phone });
    }
    const staff = { phone: '01200000000' };
    await addAccount(database.db, { name: 'موظف المتجر', phone: staff.phone, passwordHash: await hashPassword(PASSWORD), role: 'admin' });
    return {
      customers: customers.slice(0, CUSTOMERS),
      staff,
      prober: customers[CUSTOMERS]!,
      products: made.map((product) => ({ id: product.id, sizes: product.availableSizes })),
      initialStock: new Map(made.flatMap((product) => product.stock.map((size) => [sizeKey(product.id, size.size), size.quantity] as const))),
    };
  } finally {
    await database.close();
  }
}
