import { useState } from "react";
import { Route, Switch } from "wouter";
import { takeAccountLink } from "./accounts";
import { AccountLinkPage } from "./routes/AccountLinkPage";
import { AccountPage } from "./routes/AccountPage";
import { AdminMigrationsPage } from "./routes/AdminMigrationsPage";
import { DevOutboxPage } from "./routes/DevOutboxPage";
import { ForgotPasswordPage } from "./routes/ForgotPasswordPage";
import { HomePage } from "./routes/HomePage";
import { JoinPage } from "./routes/JoinPage";
import { NotFound } from "./routes/NotFound";
import { RoomPage } from "./routes/RoomPage";
import { SharePage } from "./routes/SharePage";
import { SignInPage } from "./routes/SignInPage";
import { ToastProvider } from "./ui/Toast";

/** Each page holds one live connection: a HomeDO shard, or its room's RoomDO. */
export function App() {
  // A link from an account e-mail (#/verify-email/TOKEN, ...) comes first.
  const [link, setLink] = useState(() => takeAccountLink());
  if (link)
    return (
      <ToastProvider>
        <AccountLinkPage link={link} onDone={() => setLink(null)} />
      </ToastProvider>
    );
  return (
    <ToastProvider>
      <Routes />
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
      <Route path="/account" component={AccountPage} />
      <Route path="/dev/outbox" component={DevOutboxPage} />
      <Route path="/admin/migrations" component={AdminMigrationsPage} />
      <Route path="/join/:roomId">{(params) => <JoinPage key={params.roomId} roomId={params.roomId} />}</Route>
      <Route path="/s/:code">{(params) => <SharePage path={["s", params.code]} />}</Route>
      <Route path="/share/:roomId/:itemId/:signature">
        {(params) => <SharePage path={[params.roomId, params.itemId, params.signature]} />}
      </Route>
      <Route path="/rooms/:roomId/items/:itemId">
        {(params) => <RoomPage key={params.roomId} roomId={params.roomId} view="item" itemId={params.itemId} />}
      </Route>
      <Route path="/rooms/:roomId/:view?">
        {(params) => <RoomPage key={params.roomId} roomId={params.roomId} view={params.view} />}
      </Route>
      <Route component={NotFound} />
    </Switch>
  );
}
