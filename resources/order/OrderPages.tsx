/**
 * The order pages under the spec's path `/Operations/Orders`: the list at the path itself and
 * one order at `<path>/:id/show`. The react-admin resource is the API's (`order`).
 */
import { ResourceContextProvider } from 'react-admin';
import { Route, Routes } from 'react-router-dom';
import { OrderList } from './OrderList';
import { OrderShow } from './OrderShow';

export default function OrderPages() {
  return (
    <ResourceContextProvider value="order">
      <Routes>
        <Route index element={<OrderList />} />
        <Route path=":id/show" element={<OrderShow />} />
      </Routes>
    </ResourceContextProvider>
  );
}
