import { Route, Switch } from "wouter";
import { HomePage } from "./routes/HomePage";
import { NotFound } from "./routes/NotFound";
import { RoomPage } from "./routes/RoomPage";
import { SignInPage } from "./routes/SignInPage";

/** Each page holds one live connection: a HomeDO shard, or its room's RoomDO. */
export function App() {
  return (
    <Switch>
      <Route path="/" component={HomePage} />
      <Route path="/sign-in">{() => <SignInPage mode="sign-in" />}</Route>
      <Route path="/sign-up">{() => <SignInPage mode="sign-up" />}</Route>
      <Route path="/rooms/:roomId">{(params) => <RoomPage key={params.roomId} roomId={params.roomId} />}</Route>
      <Route component={NotFound} />
    </Switch>
  );
}
