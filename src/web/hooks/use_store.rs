use std::cell::RefCell;
use std::rc::Rc;

use yew::prelude::*;

use crate::web::bridge::WorkerHandle;
use crate::web::state::{Action, State};

/// The page's state and the one way it changes: every action goes through
/// [`State::reduce`], and the requests it returns go to the worker.
#[derive(Clone)]
pub struct Store {
    state: Rc<RefCell<Rc<State>>>,
    worker: Rc<RefCell<Option<WorkerHandle>>>,
    rerender: UseForceUpdateHandle,
}

impl PartialEq for Store {
    fn eq(&self, other: &Store) -> bool {
        Rc::ptr_eq(&self.state, &other.state)
    }
}

impl Store {
    /// The state as it stands now.
    pub fn get(&self) -> Rc<State> {
        self.state.borrow().clone()
    }

    pub fn dispatch(&self, action: Action) {
        let (next, requests) = self.state.borrow().reduce(action);
        let changed = next != **self.state.borrow();
        if changed {
            *self.state.borrow_mut() = Rc::new(next);
        }
        if let Some(worker) = self.worker.borrow().as_ref() {
            for request in requests {
                worker.send(request);
            }
        }
        if changed {
            self.rerender.force_update();
        }
    }

    /// A callback that dispatches one action, whatever the event.
    pub fn dispatching<E: 'static>(&self, action: Action) -> Callback<E> {
        let me = self.clone();
        Callback::from(move |_: E| me.dispatch(action.clone()))
    }

    /// A callback that dispatches the action its value makes.
    pub fn reform<T: 'static>(&self, action: impl Fn(T) -> Action + 'static) -> Callback<T> {
        let me = self.clone();
        Callback::from(move |value: T| me.dispatch(action(value)))
    }

    /// The worker the reducer's requests go to.
    pub fn connect(&self, worker: &WorkerHandle) {
        *self.worker.borrow_mut() = Some(worker.clone());
    }
}

/// The page's store, made once, starting from `first`.
#[hook]
pub fn use_store(first: fn() -> State) -> Store {
    let state = use_mut_ref(|| Rc::new(first()));
    let worker = use_mut_ref(|| None);
    let rerender = use_force_update();
    Store {
        state,
        worker,
        rerender,
    }
}
