import { Suspense, useEffect, useState } from "react";
import { Route, Switch } from "wouter";
import { takeAccountLink } from "./accounts";
import { lazyPage, whenIdle } from "./lazy-page";
import { ForgotPasswordPage } from "./routes/ForgotPasswordPage";
import { HomePage } from "./routes/HomePage";
import { NotFound } from "./routes/NotFound";
import { SignInPage } from "./routes/SignInPage";
import { PageLoadFailed } from "./ui/PageLoadFailed";
import { ToastProvider } from "./ui/Toast";

// The home and sign-in pages are in the first chunk; every other page is its own.
const Room = lazyPage(
  () => import("./routes/RoomPage"),
  (m) => m.RoomPage,
);
const Account = lazyPage(
  () => import("./routes/AccountPage"),
  (m) => m.AccountPage,
);
const AccountLink = lazyPage(
  () => import("./routes/AccountLinkPage"),
  (m) => m.AccountLinkPage,
);
const AdminMigrations = lazyPage(
  () => import("./routes/AdminMigrationsPage"),
  (m) => m.AdminMigrationsPage,
);
const DevOutbox = lazyPage(
  () => import("./routes/DevOutboxPage"),
  (m) => m.DevOutboxPage,
);
const Join = lazyPage(
  () => import("./routes/JoinPage"),
  (m) => m.JoinPage,
);
const Share = lazyPage(
  () => import("./routes/SharePage"),
  (m) => m.SharePage,
);

/** While a page's code comes: the page's frame, quietly (it is usually a few milliseconds). */
function PageLoading() {
  return <main className="page" aria-busy="true" />;
}

/** Each page holds one live connection: a HomeDO shard, or its room's RoomDO. */
export function App() {
  // A link from an account e-mail (#/verify-email/TOKEN, ...) comes first.
  const [link, setLink] = useState(() => takeAccountLink());
  // Rooms are where people go next: their code comes while the browser is idle.
  useEffect(() => whenIdle(() => Room.prefetch()), []);
  return (
    <ToastProvider>
      <PageLoadFailed>
        <Suspense fallback={<PageLoading />}>
          {link ? <AccountLink.Page link={link} onDone={() => setLink(null)} /> : <Routes />}
        </Suspense>
      </PageLoadFailed>
    </ToastProvider>
  );
}

function Routes() {
  return (
    <Switch>
      <Route path="/" component={HomePage} />
      <Route path="/sign-in">{() => <SignInPage mode="sign-in" />}</Route>
      <Route path="/sign-up">{() => <SignInPage mode="sign-up" />}</Route>
      <Route path="/forgot-password" component={ForgotPasswordPage} />
      <Route path="/account" component={Account.Page} />
      <Route path="/dev/outbox" component={DevOutbox.Page} />
      <Route path="/admin/migrations" component={AdminMigrations.Page} />
      <Route path="/join/:roomId">{(params) => <Join.Page key={params.roomId} roomId={params.roomId} />}</Route>
      <Route path="/s/:code">{(params) => <Share.Page path={["s", params.code]} />}</Route>
      {/* A variant's label: its product's page (protocol/label-key.ts `variantLink`). */}
      <Route path="/s/:code/:variant">{(params) => <Share.Page path={["s", params.code]} />}</Route>
      <Route path="/share/:roomId/:itemId/:signature">
        {(params) => <Share.Page path={[params.roomId, params.itemId, params.signature]} />}
      </Route>
      <Route path="/rooms/:roomId/items/:itemId">
        {(params) => <Room.Page key={params.roomId} roomId={params.roomId} view="item" itemId={params.itemId} />}
      </Route>
      <Route path="/rooms/:roomId/orders/:orderId">
        {(params) => <Room.Page key={params.roomId} roomId={params.roomId} view="orders" orderId={params.orderId} />}
      </Route>
      <Route path="/rooms/:roomId/:view?">
        {(params) => <Room.Page key={params.roomId} roomId={params.roomId} view={params.view} />}
      </Route>
      <Route component={NotFound} />
    </Switch>
  );
}
