import { STORE_NAME } from '../../../contracts/index.ts';

export function meta() {
  return [{ title: `${STORE_NAME} | الصفحة الرئيسية` }];
}

export default function Home() {
  return <h1 className="p-8 text-2xl font-bold">أهلاً بك</h1>;
}
